-- Sites: one row per domain (white label). The operator's settings live in `config`
-- (validated by siteConfigSchema in @amora/contracts); `domain` and `aliases` resolve hosts.
CREATE TABLE sites (
  id          serial PRIMARY KEY,
  domain      text NOT NULL UNIQUE CHECK (domain = lower(domain)),
  aliases     text[] NOT NULL DEFAULT '{}',
  is_default  boolean NOT NULL DEFAULT false,
  config      jsonb NOT NULL,
  created_at  timestamptz NOT NULL DEFAULT now(),
  updated_at  timestamptz NOT NULL DEFAULT now()
);
CREATE UNIQUE INDEX sites_one_default ON sites (is_default) WHERE is_default;
CREATE INDEX sites_aliases ON sites USING gin (aliases);

-- Accounts. Private: nothing here is ever sent about one member to another.
CREATE TABLE users (
  id              uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  site_id         integer NOT NULL REFERENCES sites (id),
  email           text NOT NULL CHECK (email = lower(email)),
  password_hash   text,
  status          text NOT NULL DEFAULT 'not_confirmed'
                  CHECK (status IN ('not_confirmed', 'active', 'pending_deletion', 'deleted')),
  language        text NOT NULL,
  paid_user       boolean NOT NULL DEFAULT false,
  invisible       boolean NOT NULL DEFAULT false,
  fictional       boolean NOT NULL DEFAULT false,
  is_demo         boolean NOT NULL DEFAULT false,
  tracking        jsonb,
  signup_date     timestamptz NOT NULL DEFAULT now(),
  last_active_at  timestamptz NOT NULL DEFAULT now(),
  UNIQUE (site_id, email)
);

-- Public face of a member (what presenters may pick from). id equals users.id: random, not guessable.
CREATE TABLE profiles (
  user_id              uuid PRIMARY KEY REFERENCES users (id) ON DELETE CASCADE,
  site_id              integer NOT NULL REFERENCES sites (id),
  name                 text NOT NULL,
  gender               text NOT NULL CHECK (gender IN ('male', 'female')),
  seeking              text NOT NULL CHECK (seeking IN ('male', 'female', 'both')),
  sexuality            text NOT NULL CHECK (sexuality IN ('hetero', 'gay', 'lesbian', 'bi')),
  birth_date           date NOT NULL,
  country              text NOT NULL,
  region               text,
  city                 text,
  about                text NOT NULL DEFAULT '',
  interests            text[] NOT NULL DEFAULT '{}',
  hair_color           text,
  eye_color            text,
  body_type            text,
  relationship_status  text,
  tattoos              boolean,
  signup_reason        text,
  status               text NOT NULL DEFAULT 'active' CHECK (status IN ('active', 'disabled')),
  UNIQUE (site_id, name)
);
CREATE INDEX profiles_site_gender_birth ON profiles (site_id, gender, birth_date);

-- Photos: storage keys are made by the server; only an 'active' photo is shown to others.
CREATE TABLE photos (
  id           uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  user_id      uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  site_id      integer NOT NULL REFERENCES sites (id),
  storage_key  text NOT NULL,
  status       text NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'active', 'rejected')),
  is_main      boolean NOT NULL DEFAULT false,
  position     integer NOT NULL DEFAULT 0,
  width        integer NOT NULL,
  height       integer NOT NULL,
  created_at   timestamptz NOT NULL DEFAULT now()
);
CREATE UNIQUE INDEX photos_one_main ON photos (user_id) WHERE is_main;
CREATE INDEX photos_user ON photos (user_id, position);
