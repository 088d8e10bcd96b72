"""The class's protocol, with no transport in it: every message a pupil's screen, the
projector or the teacher may send, typed (:mod:`.messages`) and let in at one door
(:mod:`.door`), the screens' roles (:mod:`.roles`), and what each role sees and may send
(:mod:`.viewer`). The class server (``blockdomino.server``) carries the frames."""
