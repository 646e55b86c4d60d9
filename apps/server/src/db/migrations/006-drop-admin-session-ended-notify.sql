-- Instances no longer remember verified admin sessions (decision 034): every admin request asks the database,
-- so nobody listens for ended sessions any more. Migration 005's triggers and their function go.
drop trigger admin_sessions_notify_ended on admin_sessions;
drop trigger admin_sessions_notify_truncated on admin_sessions;
drop function grove_notify_admin_session_ended();
