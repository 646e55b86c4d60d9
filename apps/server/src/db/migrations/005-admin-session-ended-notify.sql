-- Each instance remembers the admin sessions it verified for a few seconds (admin-session.service.ts), so an
-- admin request needs no query. A session deleted anywhere (logout on another instance, clean-up, by hand)
-- is announced to every instance, which forgets it at once; a truncate is announced with an empty payload
-- (forget them all). One function for both triggers: the truncate one has no transition table, and PL/pgSQL
-- only plans the branch it runs.
create function grove_notify_admin_session_ended() returns trigger language plpgsql as $$
begin
  if tg_op = 'TRUNCATE' then
    perform pg_notify('grove_admin_session_ended', '');
  else
    perform pg_notify('grove_admin_session_ended', token_hash) from ended_sessions;
  end if;
  return null;
end
$$;
create trigger admin_sessions_notify_ended after delete on admin_sessions
  referencing old table as ended_sessions
  for each statement execute function grove_notify_admin_session_ended();
create trigger admin_sessions_notify_truncated after truncate on admin_sessions
  for each statement execute function grove_notify_admin_session_ended();
