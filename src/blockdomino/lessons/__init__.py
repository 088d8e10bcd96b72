"""The teacher leads the class: a quiz every joined pupil answers on their own screen,
its wrong answers told on the projector as the mistakes pupils made.

``lessons.store`` keeps every quiz and every answer in SQLite (committed before it is
acknowledged); ``lessons.quiz`` runs a quiz on the practice generator's items;
``lessons.screens`` words what the pupils, the projector and the teacher see, and
``lessons.mistakes`` what the pupils who chose a wrong answer did;
``lessons.walkthrough`` shows a worked example step by step on every screen, and
``lessons.fitting`` asks the class which tiles fit at a step.
"""
