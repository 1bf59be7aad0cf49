"""The example alert rules (docs/ops/alerts.yml) parse as Prometheus rule files do, and name
only metrics the bot exports: a rule on a renamed metric would never fire."""

from __future__ import annotations

import re
from pathlib import Path

import yaml

from cogs.common import metrics

RULES = Path(__file__).resolve().parents[1] / "docs" / "ops" / "alerts.yml"
#: Prometheus's own series (a target's `up`), not the bot's.
PROMETHEUS = {"up"}
#: PromQL's words in an expression: functions, aggregations, keywords.
PROMQL = {"histogram_quantile", "sum", "by", "rate", "or", "and", "le", "job"}


def test_the_alert_rules_parse_and_each_rule_is_whole() -> None:
    groups = yaml.safe_load(RULES.read_text(encoding="utf-8"))["groups"]
    rules = [rule for group in groups for rule in group["rules"]]
    assert len(rules) >= 5
    for rule in rules:
        assert set(rule) == {"alert", "expr", "for", "labels", "annotations"}, rule
        assert re.fullmatch(r"[0-9]+[smh]", rule["for"]), rule["alert"]
        assert rule["labels"]["severity"] in {"page", "warn"} and rule["annotations"]["summary"]
    assert len({rule["alert"] for rule in rules}) == len(rules)


def test_the_alert_rules_name_only_metrics_the_bot_exports() -> None:
    groups = yaml.safe_load(RULES.read_text(encoding="utf-8"))["groups"]
    exported = metrics.exported_names()
    named: set[str] = set()
    for rule in (rule for group in groups for rule in group["rules"]):
        expr = re.sub(r"\{[^}]*\}|\[[^]]*\]|\"[^\"]*\"", "", rule["expr"])  # labels, ranges
        named |= set(re.findall(r"[a-z_][a-z0-9_]*", expr)) - PROMQL
    assert named - exported - PROMETHEUS == set()
    # What the rules watch: the gateway, the store, the jobs, the outbox, Discord's answers.
    assert {
        "domino_gateway_connected",
        "domino_store_up",
        "domino_job_lag_seconds",
        "domino_outbox_late_seconds",
        "domino_discord_rate_limits_total",
    } <= named
