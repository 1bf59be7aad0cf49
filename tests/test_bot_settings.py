"""Starting the bot: settings from the environment, and the one-line errors before any I/O."""

from __future__ import annotations

import re
from pathlib import Path

import discord
import pytest

import bot
from cogs.common import settings as config
from cogs.common.bot import DominoBot
from cogs.common.refusal import Refusal
from cogs.front.commands import parse_options
from cogs.lang import words
from cogs.lang.commands import game_choices
from engine import all_variants


def test_missing_token_is_one_line_pointing_at_the_demo(capsys: pytest.CaptureFixture[str]) -> None:
    code = bot.main({"DISCORD_TOKEN": "  "})
    err = capsys.readouterr().err
    assert code == bot.EXIT_NO_TOKEN
    assert err.count("\n") == 1
    assert "DISCORD_TOKEN" in err and "make demo" in err


def test_settings_come_from_the_environment(tmp_path: Path) -> None:
    settings = config.Settings.from_environment(
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
    assert settings.database == f"sqlite:///{tmp_path / 'x.sqlite3'}"
    assert settings.ai_delay == 0.5
    assert settings.puzzle_idle_seconds == 3600
    assert (
        config.Settings.from_environment({"DISCORD_TOKEN": "x"}).puzzle_idle_seconds == 7 * 86_400
    )


def settings_of(**env: str) -> config.Settings:
    return config.Settings.from_environment({"DISCORD_TOKEN": "abc", **env})


def test_the_database_is_a_url_and_database_path_a_sqlite_file(
    tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    assert settings_of().database == f"sqlite:///{config.HERE / 'domino.sqlite3'}"
    assert settings_of(DATABASE_PATH="x.db").database == "sqlite:///x.db"
    url = "postgresql://domino:hunter2@db.example:5432/domino"
    both = settings_of(DATABASE_URL=url, DATABASE_PATH=str(tmp_path / "x.db"))
    assert both.database == url
    assert both.notes == (
        "DATABASE_URL and DATABASE_PATH are both set: using "
        "postgresql://domino:***@db.example:5432/domino",
    )
    with pytest.raises(config.ConfigError, match="sqlite:///"):
        settings_of(DATABASE_URL="mysql://x/y")


def test_the_database_password_is_never_shown() -> None:
    settings = settings_of(DATABASE_URL="postgresql://domino:hunter2@db.example/domino")
    for shown in (repr(settings), str(settings)):
        assert "hunter2" not in shown
        assert "postgresql://domino:***@db.example/domino" in shown
    assert config.shown_url("sqlite:////srv/domino.sqlite3") == "sqlite:////srv/domino.sqlite3"


def test_shards_and_who_syncs_and_shares() -> None:
    alone = settings_of()
    assert (alone.shard_count, alone.shard_ids, alone.sync_commands) == (None, None, True)
    assert not alone.shared_store and not alone.sharded
    every = settings_of(SHARD_COUNT="4")  # one process runs every shard
    assert (every.shard_count, every.shard_ids, every.sync_commands) == (4, None, True)
    assert not every.shared_store
    first = settings_of(SHARD_COUNT="4", SHARD_IDS="0-1")
    assert (first.shard_ids, first.sync_commands, first.shared_store) == ((0, 1), True, True)
    other = settings_of(SHARD_COUNT="6", SHARD_IDS="2, 3-4,5")
    assert (other.shard_ids, other.sync_commands, other.shared_store) == ((2, 3, 4, 5), False, True)
    told = settings_of(SHARD_COUNT="6", SHARD_IDS="2", SYNC_COMMANDS="yes", SHARED_STORE="no")
    assert (told.sync_commands, told.shared_store) == (True, False)
    assert settings_of(DATABASE_URL="postgresql://h/d").shared_store
    assert not settings_of(DATABASE_URL="postgresql://h/d", SHARED_STORE="off").shared_store


@pytest.mark.parametrize(
    ("env", "says"),
    [
        ({"SHARD_IDS": "0"}, "without SHARD_COUNT"),
        ({"SHARD_COUNT": "0"}, "at least 1"),
        ({"SHARD_COUNT": "two"}, "whole number"),
        ({"SHARD_COUNT": "²"}, "whole number"),
        ({"SHARD_COUNT": "2", "SHARD_IDS": "2"}, "below SHARD_COUNT"),
        ({"SHARD_COUNT": "4", "SHARD_IDS": "3-1"}, "backwards"),
        ({"SHARD_COUNT": "4", "SHARD_IDS": "0,a"}, "shard numbers"),
        ({"SHARD_COUNT": "4", "SHARD_IDS": "0-2,1"}, "twice"),
        ({"SYNC_COMMANDS": "maybe"}, "yes or no"),
        ({"SHARED_STORE": "perhaps"}, "yes or no"),
    ],
)
def test_a_wrong_shard_setting_is_one_line(
    env: dict[str, str], says: str, capsys: pytest.CaptureFixture[str]
) -> None:
    with pytest.raises(config.ConfigError, match=says):
        settings_of(**env)
    assert bot.main({"DISCORD_TOKEN": "abc", **env}) == bot.EXIT_NO_TOKEN
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and says in err


def test_sharded_settings_build_an_auto_sharded_bot() -> None:
    sharded = DominoBot(settings_of(SHARD_COUNT="4", SHARD_IDS="1,3"))
    assert isinstance(sharded, DominoBot)
    assert isinstance(sharded, discord.AutoShardedClient)
    assert (sharded.shard_count, sharded.shard_ids) == (4, [1, 3])
    plain = DominoBot(settings_of())
    assert not isinstance(plain, discord.AutoShardedClient)


def test_a_setting_that_is_not_a_number_is_refused() -> None:
    with pytest.raises(config.ConfigError, match="not a number"):
        config.Settings.from_environment({"DISCORD_TOKEN": "abc", "AI_DELAY_SECONDS": "soon"})


def test_dotenv_lines_are_read_with_comments_and_quotes(tmp_path: Path) -> None:
    env = tmp_path / ".env"
    env.write_text('# a comment\n\nDISCORD_TOKEN="quoted"\nLOG_LEVEL = INFO\nnonsense\n')
    assert config.read_dotenv(env) == {"DISCORD_TOKEN": "quoted", "LOG_LEVEL": "INFO"}


def settings_from_dotenv(tmp_path: Path, text: str, **env: str) -> config.Settings:
    dotenv = tmp_path / ".env"
    dotenv.write_text(text, encoding="utf-8")
    return config.Settings.from_environment(env, dotenv=dotenv)


def test_a_comment_after_a_value_in_dotenv_is_not_part_of_it(tmp_path: Path) -> None:
    settings = settings_from_dotenv(
        tmp_path,
        "DISCORD_TOKEN=abc  # from the portal\nLOG_LEVEL=warning # quieter\n"
        "LOBBY_SECONDS=60 # a minute\nDATABASE_PATH='a # b.sqlite3'\n",
    )
    assert settings.log_level == "WARNING"
    assert settings.lobby_seconds == 60
    assert settings.token == "abc"
    # Inside quotes a `#` is part of the value.
    assert settings.database == "sqlite:///a # b.sqlite3"


def test_export_lines_in_dotenv_are_read(tmp_path: Path) -> None:
    settings = settings_from_dotenv(
        tmp_path, "export DISCORD_TOKEN=abc\nexport SHARD_COUNT=4\nexport SHARD_IDS=1,3\n"
    )
    assert (settings.shard_count, settings.shard_ids) == (4, (1, 3))


def test_the_environment_wins_over_dotenv(tmp_path: Path) -> None:
    settings = settings_from_dotenv(
        tmp_path,
        "DISCORD_TOKEN=from-file\nTABLES_PER_USER=5\nPUZZLES_PER_USER=7\n",
        DISCORD_TOKEN="from-env",
        TABLES_PER_USER="2",
    )
    assert settings.token == "from-env"
    assert (settings.tables_per_user, settings.puzzles_per_user) == (2, 7)


def test_an_unknown_log_level_is_one_line_not_a_traceback(tmp_path: Path) -> None:
    with pytest.raises(config.ConfigError, match="LOG_LEVEL"):
        settings_from_dotenv(tmp_path, "DISCORD_TOKEN=abc\nLOG_LEVEL=loud\n")


def test_env_example_lists_every_variable_the_bot_reads() -> None:
    # Optional settings may be listed commented out.
    example = Path(bot.__file__).with_name(".env.example").read_text(encoding="utf-8")
    for name in (
        "DISCORD_TOKEN",
        "LOG_LEVEL",
        "DATABASE_URL",
        "DATABASE_PATH",
        "AI_DELAY_SECONDS",
        "SHARD_COUNT",
        "SHARD_IDS",
        "SYNC_COMMANDS",
        "SHARED_STORE",
    ):
        assert f"{name}=" in example


def test_lobby_options_are_read_as_numbers_and_words() -> None:
    assert parse_options("target=150 pairs=random, rated=yes") == {
        "target": 150,
        "pairs": "random",
        "rated": True,
    }
    assert parse_options(None) == {}
    with pytest.raises(Refusal, match="target=150"):
        parse_options("target")


def test_game_autocomplete_offers_every_variant_with_its_summary() -> None:
    offered = {choice.value for choice in game_choices("", words("en"))}
    assert offered == {kind.id for kind in all_variants() if not kind.preset}
    assert len(offered) <= 25  # Discord shows 25 choices at most
    # A preset is offered once its name is typed
    presets = [kind for kind in all_variants() if kind.preset]
    assert {p.id for p in presets} == {"latin", "dominican", "puerto-rico", "pr-500", "cuban"}
    for preset in presets:
        assert preset.id in [c.value for c in game_choices(preset.name[:6], words("en"))]
    partnership = game_choices("parejas", words("en"))
    assert [choice.value for choice in partnership] == ["partnership"]
    assert "—" in partnership[0].name and len(partnership[0].name) <= 100


def test_every_variable_the_bot_reads_is_in_the_one_configuration_table() -> None:
    source = Path(config.__file__).read_text(encoding="utf-8")
    read = set(re.findall(r'values\.get\("([A-Z_]+)"', source))
    assert {"DISCORD_TOKEN", "LOG_LEVEL", "SHARD_IDS"} <= read
    table = (config.HERE / "docs" / "configuration.md").read_text(encoding="utf-8")
    documented = set(re.findall(r"^\| `([A-Z_]+)` \|", table, flags=re.MULTILINE))
    assert read - documented == set(), "settings missing from docs/configuration.md"
    assert documented - read == set(), "docs/configuration.md names settings nobody reads"
