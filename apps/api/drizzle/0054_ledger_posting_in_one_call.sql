-- Decision 048 (2026-11-27 section): a posting is one call of haat_post_entry, which changes the kept balances,
-- writes the entry and its lines and adds them to the daily totals (ledger_daily, ledger_channel_daily) itself, with
-- plans PL/pgSQL keeps between calls. The per-line deferred triggers that kept the daily totals at commit (migrations
-- 0043 and 0051: one queued event per line, run at commit) go; the per-entry balanced check at commit stays.
DROP TRIGGER journal_lines_daily ON journal_lines;
--> statement-breakpoint
DROP FUNCTION haat_ledger_daily_line();
--> statement-breakpoint
DROP TRIGGER journal_lines_channel_daily ON journal_lines;
--> statement-breakpoint
DROP FUNCTION haat_ledger_channel_daily_line();
--> statement-breakpoint
-- p_lines: [{account_id, debit, credit, channel}]; p_balances: [{id, delta}], the kept balances the entry changes
-- (each account once). A balance that may not go below zero and would is not changed: the call then writes
-- nothing and answers short_of = that balance's id (the lowest such id). Balances are locked in id order (FOR NO KEY
-- UPDATE, what the UPDATE itself takes: a FOR UPDATE would wait on the key-share locks that the event's own rows'
-- foreign keys took on the same balances in other transactions — a fund transfer's row names both balances — and two
-- such transfers deadlocked), the daily
-- rows are added to in (account, day[, channel]) order: concurrent postings take their row locks in the same order.
-- p_date null: the shop's day at p_at.
CREATE FUNCTION haat_post_entry(
  p_date date, p_at timestamptz, p_source text, p_source_type text, p_source_id integer, p_memo text,
  p_reversal_of integer, p_admin_id integer, p_actor_name text, p_lines jsonb, p_balances jsonb
) RETURNS TABLE (entry_id integer, entry_date date, short_of integer) LANGUAGE plpgsql AS $$
DECLARE
  e_id integer;
  e_date date;
  short integer;
BEGIN
  IF jsonb_array_length(p_balances) > 0 THEN
    PERFORM 1 FROM ledger_accounts a
      WHERE a.id IN (SELECT b.id FROM jsonb_to_recordset(p_balances) AS b(id integer, delta bigint))
      ORDER BY a.id FOR NO KEY UPDATE;
    SELECT b.id INTO short FROM jsonb_to_recordset(p_balances) AS b(id integer, delta bigint)
      JOIN ledger_accounts a ON a.id = b.id
      WHERE b.delta < 0 AND NOT a.allow_overdraft AND a.balance + b.delta < 0
      ORDER BY b.id LIMIT 1;
    IF short IS NOT NULL THEN
      RETURN QUERY SELECT NULL::integer, NULL::date, short;
      RETURN;
    END IF;
    UPDATE ledger_accounts a SET balance = a.balance + b.delta
      FROM jsonb_to_recordset(p_balances) AS b(id integer, delta bigint) WHERE a.id = b.id;
  END IF;
  INSERT INTO journal_entries (date, occurred_at, source, source_type, source_id, memo, reversal_of, admin_id, actor_name)
    VALUES (coalesce(p_date, haat_shop_day(p_at)), p_at, p_source, p_source_type, p_source_id, p_memo, p_reversal_of,
      p_admin_id, p_actor_name)
    RETURNING journal_entries.id, journal_entries.date INTO e_id, e_date;
  INSERT INTO journal_lines (entry_id, account_id, day, debit, credit, channel)
    SELECT e_id, l.account_id, e_date, l.debit, l.credit, l.channel
    FROM jsonb_to_recordset(p_lines) AS l(account_id integer, debit bigint, credit bigint, channel text);
  INSERT INTO ledger_daily AS d (account_id, day, debit, credit)
    SELECT l.account_id, e_date, sum(l.debit), sum(l.credit)
    FROM jsonb_to_recordset(p_lines) AS l(account_id integer, debit bigint, credit bigint, channel text)
    GROUP BY l.account_id ORDER BY l.account_id
    ON CONFLICT (account_id, day) DO UPDATE SET debit = d.debit + excluded.debit, credit = d.credit + excluded.credit;
  IF jsonb_path_exists(p_lines, '$[*] ? (@.channel != null)') THEN
    INSERT INTO ledger_channel_daily AS d (account_id, day, channel, debit, credit)
      SELECT l.account_id, e_date, l.channel, sum(l.debit), sum(l.credit)
      FROM jsonb_to_recordset(p_lines) AS l(account_id integer, debit bigint, credit bigint, channel text)
      WHERE l.channel IS NOT NULL
      GROUP BY l.account_id, l.channel ORDER BY l.account_id, l.channel
      ON CONFLICT (account_id, day, channel) DO UPDATE SET debit = d.debit + excluded.debit, credit = d.credit + excluded.credit;
  END IF;
  RETURN QUERY SELECT e_id, e_date, NULL::integer;
END $$;
