# %% [markdown]
# # {{nb.passing.title}}
#
# {{languages}}
#
# {{nb.passing.intro}}

# %% [markdown]
# ## {{nb.passing.out.heading}}
#
# {{nb.passing.out}}

# %% [markdown] tags=["code-demo"]
# {{nb.passing.out.code}}

# %%
from blockdomino import Rules
from blockdomino.words import translate

presets = [Rules.preset("match", 2), Rules.preset("match", 3), Rules.preset("match", 4)]
for rules in [*presets, Rules.preset("partnership")]:
    key = "nb.passing.out_partnership" if rules.partnership else "nb.passing.out_line"
    print(translate(key, LANG, players=rules.players, each=rules.tiles_each, out=rules.out_of_play))

# %% [markdown]
# ## {{nb.passing.example.heading}}
#
# {{nb.passing.example}}

# %%
from blockdomino import Round, svg

start = Round.from_hands(
    Rules.preset("match", 2),
    ["[3|5] [5|6] [2|6] [0|1]", "[3|3] [2|4] [0|5] [4|4]"],
)
svg.table(start, lang=LANG, reveal=True)

# %% [markdown] tags=["code-demo"]
# {{nb.passing.from_hands}}

# %% [markdown] tags=["code-demo"]
# {{nb.passing.script}}

# %%
from blockdomino import Tile

script = ["[3|5]", "[3|3]", "[5|6]", "pass", "[2|6]", "[2|4]", "pass", "[4|4]"]
positions = [start]
for action in script:
    now = positions[-1]
    positions.append(now.pass_turn() if action == "pass" else now.play(Tile.parse(action)))
end = positions[-1]

# %% tags=["code-demo"]
end.is_over, end.is_blocked

# %% [markdown]
# {{nb.passing.history}}

# %%
from blockdomino import Play
from blockdomino.words import format_list, player_name, tile_in_words, tiles_in_words

for before, event in zip(positions[:-1], end.history, strict=True):
    player = player_name(event.seat, LANG)
    if isinstance(event, Play):
        tile = tile_in_words(event.tile, LANG)
        print(translate("nb.passing.played", LANG, player=player, tile=tile))
    else:
        hand = tiles_in_words(before.hand, LANG)
        ends = format_list(before.chain.numbers, LANG)
        print(translate("nb.passing.passed", LANG, player=player, hand=hand, ends=ends))

# %% [markdown]
# {{nb.passing.blocked}}
#
# {{figure:chain:[3|5], [3|3], [5|6], [2|6], [2|4], [4|4]}}

# %% [markdown]
# {{nb.passing.result}}

# %%
from blockdomino.svg import award

award(end, lang=LANG)

# %% [markdown]
# ## {{nb.passing.must.heading}}
#
# {{nb.passing.must}}

# %%
from blockdomino import IllegalMoveError, explain

try:
    positions[1].pass_turn()
except IllegalMoveError as error:
    print(explain(error, LANG, spoken=True))

# %% [markdown]
# ## {{nb.passing.exercise.heading}}
#
# {{nb.passing.exercise}}

# %%
from blockdomino.widgets import PassExercise

PassExercise([positions[1], positions[3], positions[5], positions[6]], lang=LANG)

# %% [markdown]
# {{next}}
