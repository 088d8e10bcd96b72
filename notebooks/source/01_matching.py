# %% [markdown]
# # {{nb.matching.title}}
#
# {{languages}}
#
# {{nb.matching.intro}}

# %% [markdown]
# ## {{nb.matching.set.heading}}
#
# {{nb.matching.set}}
#
# {{figure:tile:[6|6]}} {{figure:tile:[0|0]}}

# %%
from blockdomino.tiles import DOUBLE_SIX, Tile

print(" ".join(str(tile) for tile in DOUBLE_SIX))

# %% [markdown]
# {{nb.matching.pips}}

# %%
len(DOUBLE_SIX), Tile(6, 6).pips, Tile(0, 0).pips, Tile(1, 4).pips

# %% [markdown]
# ## {{nb.matching.ends.heading}}
#
# {{nb.matching.ends}}
#
# {{figure:example:placed-1-4}}

# %% [markdown]
# {{nb.matching.describe}}

# %%
from blockdomino.examples import chain_example
from blockdomino.text import describe

print(describe(chain_example("placed-1-4").chain, LANG))

# %% [markdown]
# {{nb.matching.grow}}
#
# {{figure:chain:[1|4], [4|6], [1|3]}}

# %%
from blockdomino.chain import Chain

chain = Chain.parse("[1|4], [4|6], [1|3]")
chain.numbers

# %% [markdown]
# ## {{nb.matching.zero.heading}}
#
# {{nb.matching.zero}}
#
# {{figure:example:placed-0-0}}
#
# {{nb.matching.zero.check}}

# %%
opening = Chain.parse("[0|0]")
opening.fits(Tile(0, 5)), opening.fits(Tile(1, 5)), chain.fits(Tile(0, 0))

# %% [markdown]
# {{nb.matching.refused}}

# %%
from blockdomino.errors import IllegalMoveError

try:
    chain.play(Tile(0, 0))
except IllegalMoveError as error:
    print(error.message(LANG))

# %% [markdown]
# {{nb.matching.hand}}

# %%
from blockdomino import svg
from blockdomino.tiles import parse_tiles

svg.chain(chain, hand=parse_tiles("[3|5] [0|0] [2|6] [4|5]"), lang=LANG)

# %% [markdown]
# ## {{nb.matching.exercise.heading}}
#
# {{nb.matching.exercise}}

# %%
from blockdomino.widgets import MoveExercise

MoveExercise("[1|4]", "[4|6] [0|0] [1|3] [0|3]", lang=LANG)

# %% [markdown]
# {{next}}
