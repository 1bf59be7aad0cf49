"""The kernel every feature package of the Discord layer shares, and which imports none of them:
the settings (`settings`) and the bot class (`bot`: the database, the extensions loaded by name,
the command sync); the refusal every feature raises (`refusal`) and the one error path
(`errors`, installed by `extension`); the base of buttons, menus and forms (`components`); the
worker processes (`workers`: the AI's and the pictures', owned by the bot) and the one picture
service drawing in them (`pictures`); the embed colours (`colours`); and the ports (`ports`):
the protocols through which one feature reaches another at run time."""
