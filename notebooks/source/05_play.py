# %% [markdown]
# # {{nb.play.title}}
#
# {{languages}}
#
# {{nb.play.intro}}

# %% [markdown]
# ## {{nb.play.round.heading}}
#
# {{nb.play.round}}
#
# {{nb.play.coach}}

# %%
from blockdomino import Rules
from blockdomino.widgets import RoundPlayer

rules = Rules.preset("block", 3)
round_table = RoundPlayer(rules, seed=10, lang=LANG, coach=True)
round_table

# %% [markdown] tags=["code-demo"]
# {{nb.play.change}}

# %% [markdown] tags=["keep-game"]
# {{nb.play.keep}}

# %% tags=["keep-game", "nbval-skip"]
round_table.keep("play-round.json")

# %% [markdown]
# ## {{nb.play.match.heading}}
#
# {{nb.play.match}}

# %%
from blockdomino.widgets import MatchPlayer

match_table = MatchPlayer(Rules.preset("match", 2), seed=1, lang=LANG, coach=True)
match_table

# %% tags=["keep-game", "nbval-skip"]
match_table.keep("play-match.json")

# %% [markdown]
# ## {{nb.play.watch.heading}}
#
# {{nb.play.watch}}

# %%
from blockdomino import Round, heaviest_tile, play_round
from blockdomino.svg import award

finished = play_round(Round.deal(rules, seed=5), heaviest_tile, seed=5)
award(finished, lang=LANG)

# %%
from blockdomino import svg

svg.table(finished, lang=LANG, reveal=True)

# %% [markdown]
# {{nb.play.end}}
#
# {{contents}}
