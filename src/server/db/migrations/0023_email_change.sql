-- Issue 27: a person changes their e-mail address from the account settings. The link mailed to the new address is
-- an account token of its own purpose that carries the address it confirms (lowercased, as users.email is).
ALTER TABLE account_tokens DROP CONSTRAINT account_tokens_purpose_check;
ALTER TABLE account_tokens
  ADD CONSTRAINT account_tokens_purpose_check
  CHECK (purpose IN ('password-reset', 'email-verification', 'email-change'));
ALTER TABLE account_tokens ADD COLUMN new_email text CHECK (new_email = lower(new_email) AND length(new_email) <= 254);
-- Only an e-mail change link names an address, and it always does.
ALTER TABLE account_tokens
  ADD CONSTRAINT account_tokens_new_email_of_email_change CHECK ((purpose = 'email-change') = (new_email IS NOT NULL));
