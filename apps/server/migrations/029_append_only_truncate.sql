-- Issue 25 item 6: the append-only tables' row triggers (BEFORE UPDATE OR DELETE ... FOR EACH
-- ROW) never see a TRUNCATE, which empties a table without touching a row. A statement trigger
-- refuses it for each of them: the operator audit log (023), the credits ledger (008) and the
-- direct-debit mandate records (014). TRUNCATE ... CASCADE from a table they reference fires it too.
CREATE FUNCTION refuse_truncate() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION '% is append-only: TRUNCATE is refused', TG_TABLE_NAME;
END $$;

CREATE TRIGGER operator_audit_no_truncate BEFORE TRUNCATE ON operator_audit
  FOR EACH STATEMENT EXECUTE FUNCTION refuse_truncate();
CREATE TRIGGER credit_ledger_no_truncate BEFORE TRUNCATE ON credit_ledger
  FOR EACH STATEMENT EXECUTE FUNCTION refuse_truncate();
CREATE TRIGGER payment_mandates_no_truncate BEFORE TRUNCATE ON payment_mandates
  FOR EACH STATEMENT EXECUTE FUNCTION refuse_truncate();
