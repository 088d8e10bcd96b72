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
from blockdomino import DOUBLE_SIX, Tile
from blockdomino.words import line_in_words, tile_in_words, translate

print(translate("nb.matching.set_tiles", LANG, count=len(DOUBLE_SIX)))
for low in range(7):
    print(", ".join(tile_in_words(tile, LANG) for tile in DOUBLE_SIX if tile.low == low))

# %% [markdown] tags=["code-demo"]
# {{nb.matching.pips}}

# %% tags=["code-demo"]
len(DOUBLE_SIX), Tile(6, 6).pips, Tile(0, 0).pips, Tile(1, 4).pips

# %% [markdown]
# ## {{nb.matching.ends.heading}}
#
# {{nb.matching.ends}}
#
# {{figure:example:placed-1-4}}

# %% [markdown]
# {{nb.matching.describe}}

# %% [markdown] tags=["code-demo"]
# {{nb.matching.describe.code}}

# %%
from blockdomino.words import chain_example, describe

print(describe(chain_example("placed-1-4").chain, LANG))

# %% [markdown]
# {{nb.matching.grow}}
#
# {{figure:chain:[1|4], [4|6], [1|3]}}

# %%
from blockdomino import Chain

chain = Chain.parse("[1|4], [4|6], [1|3]")

# %% tags=["code-demo"]
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
for tested, tile in [(opening, Tile(0, 5)), (opening, Tile(1, 5)), (chain, Tile(0, 0))]:
    key = "nb.matching.fits" if tested.fits(tile) else "nb.matching.no_fit"
    said = {"tile": tile_in_words(tile, LANG), "chain": line_in_words(tested, LANG)}
    print(translate(key, LANG, **said))

# %% [markdown]
# {{nb.matching.refused}}

# %%
from blockdomino import IllegalMoveError, explain

try:
    chain.play(Tile(0, 0))
except IllegalMoveError as error:
    print(explain(error, LANG, spoken=True))

# %% [markdown]
# {{nb.matching.hand}}

# %%
from blockdomino import parse_tiles, svg

svg.chain(chain, hand=parse_tiles("[3|5] [0|0] [2|6] [4|5]"), lang=LANG)

# %% [markdown] tags=["code-demo"]
# {{nb.matching.hand.try}}

# %% [markdown]
# ## {{nb.matching.exercise.heading}}
#
# {{nb.matching.exercise}}

# %%
from blockdomino.widgets import MoveExercise

MoveExercise("[1|4]", "[4|6] [0|0] [1|3] [0|3]", lang=LANG)

# %% [markdown]
# {{next}}
