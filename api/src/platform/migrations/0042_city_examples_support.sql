-- A city's own examples for the rider's inputs ({"routeSearch": ["Vyttila", "Fort Kochi"], "vehicleNumber": "KL07BT1234"})
-- and its support contacts ({"phone": "+91 484 …", "email": "…"}), from its configuration (api/data/accounts/cities.json
-- in development), so no city shows another's (docs/accounts.md "City configuration"). NULL: none configured.
ALTER TABLE cities ADD COLUMN examples jsonb;
ALTER TABLE cities ADD COLUMN support jsonb;
