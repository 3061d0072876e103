-- Data rights (issue 8): deleting an account must leave its organizations' floor-plan images in place.
-- An upload row is what serves an image, so it outlives the person who uploaded it.
ALTER TABLE uploads ALTER COLUMN user_id DROP NOT NULL;
ALTER TABLE uploads DROP CONSTRAINT uploads_user_id_fkey;
ALTER TABLE uploads ADD CONSTRAINT uploads_user_id_fkey FOREIGN KEY (user_id) REFERENCES users (id) ON DELETE SET NULL;
