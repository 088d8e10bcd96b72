# %% [markdown]
# # {{nb.practice.title}}
#
# {{languages}}
#
# {{nb.practice.intro}}

# %% [markdown]
# ## {{nb.practice.how.heading}}
#
# {{nb.practice.how}}

# %%
from blockdomino.widgets import Practice

practice = Practice(lang=LANG)
practice

# %% [markdown] tags=["keep-game"]
# {{nb.practice.keep}}

# %% tags=["keep-game", "nbval-skip"]
practice.keep("practice.json")

# %% [markdown]
# ## {{nb.practice.topic.heading}}
#
# {{nb.practice.topic}}

# %%
Practice(lang=LANG, topic="scoring")

# %% [markdown] tags=["code-demo"]
# {{nb.practice.paper}}

# %% [markdown]
# {{nb.practice.end}}
#
# {{contents}}
