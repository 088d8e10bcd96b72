# %% [markdown]
# # {{nb.doubles.title}}
#
# {{languages}}
#
# {{nb.doubles.intro}}

# %% [markdown]
# ## {{nb.doubles.lines.heading}}
#
# {{nb.doubles.lines}}
#
# {{figure:example:placed-1-1}}

# %%
from blockdomino.words import chain_example, describe

print(describe(chain_example("placed-1-1").chain, LANG))

# %% [markdown]
# {{nb.doubles.six}}
#
# {{figure:example:placed-6-6}}

# %% [markdown]
# ## {{nb.doubles.stays.heading}}
#
# {{nb.doubles.stays}}
#
# {{figure:example:placed-4-4}}
#
# {{figure:example:placed-3-4}}

# %% [markdown]
# {{nb.doubles.joins}}

# %%
from blockdomino.words import describe_join

for join in chain_example("placed-3-4").chain.joins:
    print(describe_join(join, LANG))

# %% [markdown]
# ## {{nb.doubles.opening.heading}}
#
# {{nb.doubles.opening}}
#
# {{figure:example:placed-2-2}}

# %%
from blockdomino import Chain, Tile
from blockdomino.words import describe_end

opening = Chain.parse("[2|2]")
for end in opening.ends_for(Tile(2, 5)):
    print(describe_end(end, LANG))

# %% [markdown]
# {{nb.doubles.choose_end}}

# %%
chain = opening.play(Tile(2, 5), opening.open_ends[0]).play(Tile(2, 3))
print(describe(chain, LANG, spoken=True))

# %% tags=["code-demo"]
len(chain.open_ends), chain.numbers, chain.fits(Tile(2, 6))

# %% [markdown]
# {{nb.doubles.no_branch}}

# %%
from blockdomino import svg

svg.chain(chain, hand=[Tile(2, 6), Tile(3, 3)], lang=LANG)

# %% [markdown]
# ## {{nb.doubles.exercise.heading}}
#
# {{nb.doubles.exercise}}

# %%
from blockdomino.widgets import MoveExercise

MoveExercise("[1|4]", "[1|1] [4|4] [3|4] [1|5] [5|5] [3|3]", lang=LANG)

# %% [markdown]
# {{next}}
