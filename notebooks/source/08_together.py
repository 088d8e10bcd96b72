# %% [markdown]
# # {{nb.together.title}}
#
# {{languages}}
#
# {{nb.together.intro}}

# %% [markdown]
# ## {{nb.together.hotseat.heading}}
#
# {{nb.together.hotseat}}

# %%
from blockdomino import Rules
from blockdomino.widgets import HotSeat

hot_seat = HotSeat(Rules.preset("block", 3), names=["Aino", "Eino", "random"], seed=8, lang=LANG)
hot_seat

# %% [markdown] tags=["keep-game"]
# {{nb.together.keep}}

# %% tags=["keep-game", "nbval-skip"]
hot_seat.keep("hot-seat.json")

# %% [markdown]
# {{nb.together.partnership}}

# %%
HotSeat(Rules.preset("partnership"), names=["Aino", "random", "Eino", "random"], seed=3, lang=LANG)

# %% [markdown] tags=["code-demo"]
# {{nb.together.names}}

# %% [markdown]
# ## {{nb.together.replay.heading}}
#
# {{nb.together.replay}}

# %%
from blockdomino.widgets import Replay

Replay(5, lang=LANG, rules=Rules.preset("block", 3), large=True)

# %% [markdown]
# {{nb.together.reveal}}

# %%
Replay(5, reveal=True, lang=LANG, rules=Rules.preset("block", 3))

# %% [markdown]
# {{nb.together.example}}

# %%
from blockdomino.words import chain_example

Replay(chain_example("placed-3-4"), lang=LANG)

# %% [markdown] tags=["keep-game"]
# ## {{nb.together.records.heading}}
#
# {{nb.together.records}}

# %% [markdown] tags=["code-demo", "keep-game"]
# {{nb.together.records.code}}

# %% [markdown]
# {{nb.together.end}}
#
# {{contents}}
