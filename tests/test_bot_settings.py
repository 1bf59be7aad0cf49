"""Starting the bot: settings from the environment, and the one-line errors before any I/O."""

from __future__ import annotations

from pathlib import Path

import pytest

import bot
from cogs.domino import game_choices, parse_options
from cogs.lang import words
from cogs.tables.seating import TableError
from engine import all_variants


def test_missing_token_is_one_line_pointing_at_the_demo(capsys: pytest.CaptureFixture[str]) -> None:
    code = bot.main({"DISCORD_TOKEN": "  "})
    err = capsys.readouterr().err
    assert code == bot.EXIT_NO_TOKEN
    assert err.count("\n") == 1
    assert "DISCORD_TOKEN" in err and "make demo" in err


def test_settings_come_from_the_environment(tmp_path: Path) -> None:
    settings = bot.Settings.from_environment(
        {
            "DISCORD_TOKEN": "abc",
            "LOG_LEVEL": "debug",
            "DATABASE_PATH": str(tmp_path / "x.sqlite3"),
            "AI_DELAY_SECONDS": "0.5",
            "PUZZLE_IDLE_SECONDS": "3600",
        }
    )
    assert settings.token == "abc"
    assert settings.log_level == "DEBUG"
    assert settings.database == tmp_path / "x.sqlite3"
    assert settings.ai_delay == 0.5
    assert settings.puzzle_idle_seconds == 3600
    assert bot.Settings.from_environment({"DISCORD_TOKEN": "x"}).puzzle_idle_seconds == 7 * 86_400


def test_a_setting_that_is_not_a_number_is_refused() -> None:
    with pytest.raises(bot.ConfigError, match="not a number"):
        bot.Settings.from_environment({"DISCORD_TOKEN": "abc", "AI_DELAY_SECONDS": "soon"})


def test_dotenv_lines_are_read_with_comments_and_quotes(tmp_path: Path) -> None:
    env = tmp_path / ".env"
    env.write_text('# a comment\n\nDISCORD_TOKEN="quoted"\nLOG_LEVEL = INFO\nnonsense\n')
    assert bot.read_dotenv(env) == {"DISCORD_TOKEN": "quoted", "LOG_LEVEL": "INFO"}


def test_env_example_lists_every_variable_the_bot_reads() -> None:
    example = bot.read_dotenv(Path(bot.__file__).with_name(".env.example"))
    for name in ("DISCORD_TOKEN", "LOG_LEVEL", "DATABASE_PATH", "AI_DELAY_SECONDS"):
        assert name in example


def test_lobby_options_are_read_as_numbers_and_words() -> None:
    assert parse_options("target=150 pairs=random, rated=yes") == {
        "target": 150,
        "pairs": "random",
        "rated": True,
    }
    assert parse_options(None) == {}
    with pytest.raises(TableError, match="target=150"):
        parse_options("target")


def test_game_autocomplete_offers_every_variant_with_its_summary() -> None:
    offered = {choice.value for choice in game_choices("", words("en"))}
    assert offered == {kind.id for kind in all_variants()} or len(offered) == 25
    partnership = game_choices("parejas", words("en"))
    assert [choice.value for choice in partnership] == ["partnership"]
    assert "—" in partnership[0].name and len(partnership[0].name) <= 100
