-- Reports and the decision that decided them (issue 26, item 16). A restriction decided on one report
-- resolves the member's other waiting reports too: each of them records that decision, so the
-- transparency figures count one decision and the reports it resolved, and every reporter can be
-- told the outcome.
ALTER TABLE complaints ADD COLUMN decision_id uuid REFERENCES moderation_decisions (id) ON DELETE SET NULL;
UPDATE complaints c SET decision_id = d.id FROM moderation_decisions d WHERE d.complaint_id = c.id;
-- A member's waiting reports (resolved together when a restriction is imposed).
CREATE INDEX complaints_member_waiting ON complaints (member_id) WHERE status IN ('open', 'in_review');
