-- The change event itself rides in the NOTIFY payload when it fits (payloads are capped at 8000 bytes), so
-- every instance can fan a change out without reading change_events; larger events still send only the id.
-- change_events keeps every event either way (for the large ones and for inspection).
create function grove_change_payload(event_id bigint, table_name text, event text, new_row jsonb, old_row jsonb)
returns text language plpgsql immutable as $$
declare
  payload text := jsonb_build_object('id', event_id, 'table_name', table_name, 'event', event, 'new_row', new_row, 'old_row', old_row)::text;
begin
  if octet_length(payload) <= 7900 then
    return payload;
  end if;
  return event_id::text;
end
$$;

create or replace function grove_notify_blog_posts() returns trigger language plpgsql as $$
declare
  event_id bigint;
  new_json jsonb := case when tg_op <> 'DELETE' then grove_post_json(new) end;
  old_json jsonb := case when tg_op <> 'INSERT' then grove_post_json(old) end;
begin
  insert into change_events (table_name, event, new_row, old_row)
  values ('blog_posts', tg_op, new_json, old_json)
  returning id into event_id;
  perform pg_notify('grove_changes', grove_change_payload(event_id, 'blog_posts', tg_op, new_json, old_json));
  return null;
end
$$;

create or replace function grove_notify_site_content() returns trigger language plpgsql as $$
declare
  event_id bigint;
  new_json jsonb := to_jsonb(new);
  old_json jsonb := to_jsonb(old);
begin
  insert into change_events (table_name, event, new_row, old_row)
  values ('site_content', tg_op, new_json, old_json)
  returning id into event_id;
  perform pg_notify('grove_changes', grove_change_payload(event_id, 'site_content', tg_op, new_json, old_json));
  return null;
end
$$;
