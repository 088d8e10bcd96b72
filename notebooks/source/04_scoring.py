# %% [markdown]
# # {{nb.scoring.title}}
#
# {{languages}}
#
# {{nb.scoring.intro}}

# %% [markdown]
# ## {{nb.scoring.end.heading}}
#
# {{nb.scoring.end}}

# %% [markdown]
# {{nb.scoring.figures}}

# %%
from blockdomino import Rules, score
from blockdomino.svg import award
from blockdomino.words import SCORING_FIGURES

rules = Rules.preset("match", 3)


def work_through(figure):
    result = score(rules, figure.totals, dominoer=figure.dominoer)
    return award(result, hands=figure.hands, lang=LANG, caption=figure.caption(LANG))


# %% [markdown]
# ### {{nb.scoring.zero.heading}}
#
# {{nb.scoring.zero}}

# %%
work_through(SCORING_FIGURES[0])

# %% [markdown]
# ### {{nb.scoring.five.heading}}
#
# {{nb.scoring.five}}

# %%
work_through(SCORING_FIGURES[1])

# %% [markdown]
# ### {{nb.scoring.blocked.heading}}
#
# {{nb.scoring.blocked}}

# %%
work_through(SCORING_FIGURES[2])

# %% [markdown]
# ### {{nb.scoring.tie.heading}}
#
# {{nb.scoring.tie}}

# %%
work_through(SCORING_FIGURES[3])

# %% [markdown]
# {{nb.scoring.never}}

# %% [markdown]
# ## {{nb.scoring.presets.heading}}
#
# {{nb.scoring.presets}}

# %% [markdown] tags=["code-demo"]
# {{nb.scoring.presets.code}}

# %%
from blockdomino import Direction, FirstLeader
from blockdomino.words import translate

NAMES = {
    "match": "term.preset.match",
    "block": "term.preset.block",
    "partnership": "term.preset.partnership",
}
LEADERS = {
    FirstLeader.FAIR_DRAW: "nb.scoring.leader.fair_draw",
    FirstLeader.HIGHEST_DOUBLE: "nb.scoring.leader.highest_double",
    FirstLeader.DOUBLE_SIX: "nb.scoring.leader.double_six",
}
DIRECTIONS = {
    Direction.CLOCKWISE: "nb.scoring.direction.clockwise",
    Direction.TO_THE_RIGHT: "nb.scoring.direction.to_the_right",
}


def for_each_count(preset, value):
    counts = [4] if preset == "partnership" else [2, 3, 4]
    return " / ".join(str(value(Rules.preset(preset, count))) for count in counts)


# %%
from IPython.display import Markdown


def target(preset):
    if not Rules.preset(preset).scored:
        return translate("nb.scoring.one_hand", LANG)
    return for_each_count(preset, lambda r: r.target)


rows = {
    "nb.scoring.row.players": lambda preset: for_each_count(preset, lambda r: r.players),
    "nb.scoring.row.tiles_each": lambda preset: for_each_count(preset, lambda r: r.tiles_each),
    "nb.scoring.row.out_of_play": lambda preset: for_each_count(preset, lambda r: r.out_of_play),
    "nb.scoring.row.leader": lambda preset: translate(
        LEADERS[Rules.preset(preset).first_leader], LANG
    ),
    "nb.scoring.row.direction": lambda preset: translate(
        DIRECTIONS[Rules.preset(preset).direction], LANG
    ),
    "nb.scoring.row.target": target,
}
lines = [
    f"| {translate('nb.scoring.row.heading', LANG)} | "
    + " | ".join(translate(name, LANG) for name in NAMES.values())
    + " |",
    "|---" * (len(NAMES) + 1) + "|",
]
for key, value in rows.items():
    lines.append(f"| {translate(key, LANG)} | " + " | ".join(map(value, NAMES)) + " |")
Markdown("\n".join(lines))

# %% [markdown]
# ### {{nb.scoring.seats.heading}}
#
# {{figure:seating:partnership}}
#
# {{nb.scoring.seats}}

# %% [markdown]
# ## {{nb.scoring.match.heading}}
#
# {{nb.scoring.match}}

# %% [markdown] tags=["code-demo"]
# {{nb.scoring.match.seed}}

# %%
from blockdomino import Match, play_match

match = play_match(Match.start(Rules.preset("match", 3), seed=7), seed=7)

# %% tags=["code-demo"]
match.is_over, match.scores

# %% [markdown]
# {{nb.scoring.log}}

# %%
from blockdomino import Ending
from blockdomino.words import player_name

ENDINGS = {Ending.DOMINO: "nb.scoring.ending.domino", Ending.BLOCKED: "nb.scoring.ending.blocked"}
header = [
    translate("nb.scoring.column.round", LANG),
    translate("nb.scoring.column.leader", LANG),
    translate("nb.scoring.column.ending", LANG),
    translate("nb.scoring.column.points", LANG),
    translate("nb.scoring.column.scores", LANG),
]
lines = ["| " + " | ".join(header) + " |", "|---" * len(header) + "|"]
for record in match.log:
    cells = [
        record.number,
        player_name(record.leader, LANG),
        translate(ENDINGS[record.result.ending], LANG),
        " / ".join(map(str, record.result.points)),
        " / ".join(map(str, record.scores)),
    ]
    lines.append("| " + " | ".join(map(str, cells)) + " |")
Markdown("\n".join(lines))

# %% [markdown]
# {{nb.scoring.rotation}}

# %%
winner = player_name(match.winner[0], LANG)
print(translate("nb.scoring.winner", LANG, winner=winner, points=max(match.scores)))

# %% [markdown]
# ## {{nb.scoring.drawn.heading}}
#
# {{nb.scoring.drawn}}

# %%
drawn = [
    play_match(Match.start(Rules.preset("match", players), seed=seed), seed=seed).is_drawn
    for players in (2, 3, 4)
    for seed in range(20)
]
print(translate("nb.scoring.drawn_count", LANG, matches=len(drawn), drawn=sum(drawn)))

# %% [markdown]
# ## {{nb.scoring.quiz.heading}}
#
# {{nb.scoring.quiz}}

# %%
from blockdomino.widgets import ScoringQuiz

ScoringQuiz(
    [
        *SCORING_FIGURES,
        (Rules.preset("match", 2), (0, 17), 0),
        (Rules.preset("match", 4), (6, 2, 9, 4), None),
    ],
    lang=LANG,
)

# %% [markdown]
# {{next}}
