-- Leaderboards break ties by user and partner id: with those in the ordering indexes, a page
-- and a rank are read straight from an index, with no sort of tied rows.

DROP INDEX standings_by_rating;
DROP INDEX standings_by_wins;
DROP INDEX standings_by_points;

CREATE INDEX standings_by_rating
    ON standings (guild_id, season_key, variant_key, is_pair, rating DESC, wins DESC, user_id,
                  partner_id);
CREATE INDEX standings_by_wins
    ON standings (guild_id, season_key, variant_key, is_pair, wins DESC, rating DESC, user_id,
                  partner_id);
CREATE INDEX standings_by_points
    ON standings (guild_id, season_key, variant_key, is_pair, points DESC, rating DESC, user_id,
                  partner_id);
