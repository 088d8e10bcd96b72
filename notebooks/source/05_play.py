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
from blockdomino.rules import Rules
from blockdomino.widgets import RoundPlayer

rules = Rules.preset("block", 3)
RoundPlayer(rules, seed=1, lang=LANG, coach=True)

# %% [markdown] tags=["code-demo"]
# {{nb.play.change}}

# %% [markdown]
# ## {{nb.play.match.heading}}
#
# {{nb.play.match}}

# %%
from blockdomino.widgets import MatchPlayer

MatchPlayer(Rules.preset("match", 2), seed=1, lang=LANG, coach=True)

# %% [markdown]
# ## {{nb.play.watch.heading}}
#
# {{nb.play.watch}}

# %%
from blockdomino.award_view import award
from blockdomino.players import heaviest_tile, play_round
from blockdomino.round import Round

finished = play_round(Round.deal(rules, seed=5), heaviest_tile, seed=5)
award(finished, lang=LANG)

# %%
from blockdomino import svg

svg.table(finished, lang=LANG, reveal=True)

# %% [markdown]
# {{nb.play.end}}
#
# {{contents}}
