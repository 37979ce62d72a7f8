-- The sign-up's verification mail is queued in the same statement that writes the new user
-- (issue #27: a crash between better-auth's commit and a later queueing step lost it). The job is
-- rendered when it runs (auth/verify-email-mail.ts), which makes the link's token then.
CREATE FUNCTION queue_verify_email() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO jobs (kind, payload)
  VALUES ('mail', jsonb_build_object('render', 'verify-email', 'userId', NEW.id));
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER user_verify_email AFTER INSERT ON "user"
  FOR EACH ROW WHEN (NOT NEW.email_verified) EXECUTE FUNCTION queue_verify_email();
