"""What every feature package of the Discord layer shares: the base of buttons, menus and forms
(`components`), and the extension that sends every slash command's error down the one error
path (`extension`; the path itself is `cogs.common.errors`)."""
