-- The presence sweep runs a delete on every instance every few seconds; most delete nothing, yet the
-- statement trigger notified all instances each time, and each recounted. Deletes now notify only when they
-- removed a row (a transition table allows one event per trigger, hence two triggers).
drop trigger presence_notify on presence;

create trigger presence_notify_insert after insert on presence
  for each statement execute function grove_notify_presence();

create function grove_notify_presence_deleted() returns trigger language plpgsql as $$
begin
  if exists (select 1 from deleted_rows) then
    perform pg_notify('grove_presence', '');
  end if;
  return null;
end
$$;
create trigger presence_notify_delete after delete on presence
  referencing old table as deleted_rows
  for each statement execute function grove_notify_presence_deleted();
