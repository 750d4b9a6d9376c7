-- Searches within one region (the most common narrowing) walk and count that region only.
CREATE INDEX profiles_search_region ON profiles (site_id, region, gender, last_active_at DESC, user_id DESC) WHERE searchable;
CREATE INDEX profiles_count_region ON profiles (site_id, region, gender, birth_date) WHERE searchable;
