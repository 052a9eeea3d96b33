-- Category names in Malay and Chinese (issue 42): translations of a category's stable id; English stays in
-- categories.name, and a missing translation falls back to it. The search document reads every language's name.
CREATE TABLE category_names (
  category_id bigint NOT NULL REFERENCES categories(id) ON DELETE CASCADE,
  locale text NOT NULL CHECK (locale IN ('ms', 'zh')),
  name text NOT NULL CHECK (length(name) BETWEEN 1 AND 200),
  PRIMARY KEY (category_id, locale)
);
