-- A city's name and state in the app's other languages ({"hi": {"name": "कोच्चि", "state": "केरल"}, ...}); English is
-- `name` and `state`. Empty for a city nobody has named yet: the app shows the English name then.
ALTER TABLE cities ADD COLUMN local_names jsonb NOT NULL DEFAULT '{}'::jsonb;
