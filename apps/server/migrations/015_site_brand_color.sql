-- A site's brand colours (settings brand_color and brand_color_dark, optional) live in its config.
-- The server writes them into every page's head (a <style> the design tokens read), so the
-- database accepts them only as #rrggbb, whatever wrote the row (siteConfigSchema checks the same,
-- and the contrast too).
ALTER TABLE sites ADD CONSTRAINT sites_brand_color_check CHECK (
  (config->>'brand_color' IS NULL OR config->>'brand_color' ~ '^#[0-9a-fA-F]{6}$')
  AND (config->>'brand_color_dark' IS NULL OR config->>'brand_color_dark' ~ '^#[0-9a-fA-F]{6}$')
);
