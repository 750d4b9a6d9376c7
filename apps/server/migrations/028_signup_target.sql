-- A member lander's member is kept with the new account even when the visitor wrote no signup
-- message (body ''): the activation then leads into that member's chat (issue 16, member landers).
ALTER TABLE signup_messages DROP CONSTRAINT signup_messages_body_check;
ALTER TABLE signup_messages ADD CONSTRAINT signup_messages_body_check CHECK (length(body) <= 5000);
