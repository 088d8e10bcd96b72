# %% [markdown]
# # {{nb.welcome.title}}
#
# {{languages}}
#
# {{nb.welcome.intro}}

# %% [markdown] tags=["code-demo"]
# ## {{nb.welcome.how.heading}}
#
# {{nb.welcome.how}}

# %% [markdown]
# {{nb.welcome.chain}}

# %%
from blockdomino import Chain, svg

svg.chain(Chain.parse("[3|6], [6|6], [2|6]"), lang=LANG)

# %% [markdown] tags=["code-demo"]
# {{nb.welcome.try}}

# %% [markdown]
# ## {{nb.welcome.presets.heading}}
#
# {{nb.welcome.presets}}

# %% [markdown] tags=["code-demo"]
# {{nb.welcome.presets.code}}

# %% [markdown]
# ## {{nb.welcome.contents}}
#
# {{contents}}
