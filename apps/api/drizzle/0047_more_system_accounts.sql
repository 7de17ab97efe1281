-- More of the default chart (SYSTEM_ACCOUNTS in packages/contracts/src/accounts.ts; accounts.test.ts checks they agree):
-- staff advances, bills due, investors' capital and directors' drawings, interest received, and the shares of
-- resellers that their cashbooks owe them.
INSERT INTO "ledger_accounts" ("code", "name", "type", "role", "system_key", "kind") VALUES
  ('1140', 'Advances to staff', 'asset', 'system', 'salary_advance', NULL),
  ('2300', 'Bills due', 'liability', 'system', 'bills_payable', NULL),
  ('3020', 'Investors'' capital', 'equity', 'system', 'investor_capital', NULL),
  ('3030', 'Directors'' drawings', 'equity', 'system', 'director_drawings', NULL),
  ('4030', 'Interest received', 'income', 'system', 'interest_income', NULL),
  ('5600', 'Reseller profit', 'expense', 'system', 'reseller_profit', NULL)
ON CONFLICT DO NOTHING;
