-- Each instance remembers the admin sessions it verified for a few seconds (admin-session.service.ts), so an
-- admin request needs no query. A session deleted anywhere (logout on another instance, clean-up, by hand)
-- is announced to every instance, which forgets it at once; a truncate is announced with an empty payload
-- (forget them all).
create function grove_notify_admin_session_ended() returns trigger language plpgsql as $$
begin
  perform pg_notify('grove_admin_session_ended', token_hash) from ended_sessions;
  return null;
end
$$;
create trigger admin_sessions_notify_ended after delete on admin_sessions
  referencing old table as ended_sessions
  for each statement execute function grove_notify_admin_session_ended();

create function grove_notify_admin_sessions_truncated() returns trigger language plpgsql as $$
begin
  perform pg_notify('grove_admin_session_ended', '');
  return null;
end
$$;
create trigger admin_sessions_notify_truncated after truncate on admin_sessions
  for each statement execute function grove_notify_admin_sessions_truncated();
