# %% [markdown]
# # {{nb.strategy.title}}
#
# {{languages}}
#
# {{nb.strategy.intro}}

# %% [markdown]
# ## {{nb.strategy.counting.heading}}
#
# {{nb.strategy.counting}}

# %%
import random

from blockdomino import Round, Rules, heaviest_tile, step, svg
from blockdomino.coach import hint, hint_lines, knowledge, knowledge_lines, solve, solve_lines

rules = Rules.preset("match", 2)


def after(turns, seed=0):
    rng = random.Random(seed)
    position = Round.deal(rules, seed)
    for _ in range(turns):
        position = step(position, heaviest_tile, rng)
    return position


position = after(3)
svg.table(position, lang=LANG, reveal=(position.turn,))

# %%
print("\n".join(knowledge_lines(knowledge(position), LANG, spoken=True)))

# %% [markdown]
# ## {{nb.strategy.pass.heading}}
#
# {{nb.strategy.pass}}

# %% [markdown]
# ## {{nb.strategy.heavy.heading}}
#
# {{nb.strategy.heavy}}

# %%
print("\n".join(hint_lines(hint(position, samples=100), LANG, spoken=True)))

# %% [markdown]
# {{nb.strategy.truth}}

# %%
print("\n".join(solve_lines(solve(position), LANG, spoken=True)))

# %% [markdown]
# ## {{nb.strategy.closing.heading}}
#
# {{nb.strategy.closing}}

# %%
from blockdomino.widgets import CoachExercise

later = after(7)
CoachExercise(later, lang=LANG)

# %% [markdown]
# {{nb.strategy.closing.answer}}

# %%
print("\n".join(hint_lines(hint(later, samples=100, reads=False), LANG, spoken=True)))

# %% [markdown]
# ## {{nb.strategy.reading.heading}}
#
# {{nb.strategy.reading}}

# %%
print("\n".join(hint_lines(hint(later, samples=100), LANG, spoken=True)))

# %% [markdown]
# {{nb.strategy.reading.truth}}

# %%
print("\n".join(solve_lines(solve(later), LANG, spoken=True)))

# %% [markdown]
# {{nb.strategy.reading.example}}
#
# {{figure:chain:[2|6], [5|6], [3|5], [2|5], [3|3]}}
#
# {{nb.strategy.reading.know}}

# %%
from blockdomino.coach import read_hands

read = after(5, seed=1)
print("\n".join(knowledge_lines(knowledge(read), LANG, read_hands(read), spoken=True)))

# %% [markdown]
# {{nb.strategy.reading.exercise}}

# %%
from blockdomino.widgets import Practice

Practice(lang=LANG, topic="holds", seed=6)

# %% [markdown]
# ## {{nb.strategy.table.heading}}
#
# {{nb.strategy.table}}

# %%
from blockdomino.widgets import RoundPlayer

RoundPlayer(rules, seed=2, lang=LANG, strategy="heaviest", coach=True)

# %% [markdown]
# {{nb.strategy.end}}
#
# {{contents}}
