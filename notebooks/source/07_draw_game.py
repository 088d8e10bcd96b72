# %% [markdown]
# # {{nb.draw.title}}
#
# {{languages}}
#
# {{nb.draw.intro}}

# %% [markdown]
# ## {{nb.draw.table.heading}}
#
# {{nb.draw.table}}

# %% [markdown] tags=["code-demo"]
# {{nb.draw.table.code}}

# %% [markdown]
# ## {{nb.draw.play.heading}}
#
# {{nb.draw.play}}

# %%
from blockdomino import Rules
from blockdomino.widgets import RoundPlayer

RoundPlayer(Rules.preset("draw", 2), seed=2, lang=LANG)

# %% [markdown]
# ## {{nb.draw.lab.heading}}
#
# {{nb.draw.lab}}

# %%
from blockdomino.lab import blocked_plot, heavy_plot, measure, pips_plot, report

ROUNDS = 300
lab = measure(rounds=ROUNDS, seed=3)
print(report(lab, LANG))

# %% [markdown] tags=["code-demo"]
# {{nb.draw.more}}

# %% [markdown]
# {{nb.draw.blocked}}

# %%
blocked_plot(lab, LANG)

# %% [markdown]
# {{nb.draw.pips}}

# %%
pips_plot(lab, LANG)

# %% [markdown]
# {{nb.draw.heavy}}

# %%
heavy_plot(lab, LANG)

# %% [markdown]
# {{nb.draw.live}}

# %%
from blockdomino.widgets import LiveLab

LiveLab(rounds=ROUNDS, seed=3, lang=LANG)

# %% [markdown]
# ## {{nb.draw.coaches.heading}}
#
# {{nb.draw.coaches}}

# %%
from blockdomino.lab import coaches, coaches_text

COACH_ROUNDS = 100
duel = coaches(Rules.preset("block", 2), rounds=COACH_ROUNDS, seed=3)
print(coaches_text(duel, LANG))

# %% [markdown] tags=["code-demo"]
# {{nb.draw.coaches.more}}

# %% [markdown]
# {{nb.draw.end}}
#
# {{contents}}
