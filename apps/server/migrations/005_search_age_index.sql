-- Counting search results by age band: index-only scans over birth dates instead of table scans.
CREATE INDEX profiles_search_age ON profiles (site_id, gender, birth_date) INCLUDE (country, region) WHERE searchable;
CREATE INDEX profiles_search_age_any ON profiles (site_id, birth_date) INCLUDE (country, region) WHERE searchable;
