-- The review of a finished match for one seat (each decision of that seat judged by the AI's
-- search: `engine.ai.review.Review.to_json`, as JSON text). Computed once, the first time the
-- seat's player asks, and kept with the match: asking again, after any restart, reads it.
-- Two processes that computed the same review keep the first one stored.
CREATE TABLE match_reviews (
    match_id    INTEGER NOT NULL REFERENCES matches (id) ON DELETE CASCADE,
    seat        INTEGER NOT NULL,
    review      TEXT    NOT NULL,
    reviewed_at REAL    NOT NULL,
    PRIMARY KEY (match_id, seat)
);
