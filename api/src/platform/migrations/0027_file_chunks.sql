-- Uploaded files' bytes in the database (files/database-storage.ts): with DATABASE_URL every instance reads every file
-- without a shared disk. A file is cut into chunks of 256 KB, numbered from 0; the row in `files` owns them (deleting
-- a file, or its rider, deletes its bytes). PGlite keeps its files on disk beside its data: there this table stays empty.
CREATE TABLE file_chunks (
  file_id text NOT NULL REFERENCES files (id) ON DELETE CASCADE,
  seq integer NOT NULL CHECK (seq >= 0),
  data bytea NOT NULL,
  PRIMARY KEY (file_id, seq)
);
