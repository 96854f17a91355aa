-- 0007_edit_scope (PostgreSQL; SQLite's 0012): tokens may have the scope `edit` (editing the catalog by hand),
-- between `nav` and `admin`: read < nav < edit < admin. The values a token had keep their meaning.
ALTER TABLE access_tokens DROP CONSTRAINT access_tokens_scope_check;
ALTER TABLE access_tokens ADD CONSTRAINT access_tokens_scope_check CHECK (scope IN ('read', 'nav', 'edit', 'admin'));
