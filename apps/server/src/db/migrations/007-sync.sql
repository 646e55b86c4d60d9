-- End-to-end encrypted sync (decision 068): the server keeps opaque bytes per space and hands them back in order.
-- No column holds anything a device did not send as ciphertext, except sizes, sequence numbers and times.
-- Ids are 16 random bytes in base64url without padding: 22 characters, the last one carrying 2 bits (A, Q, g or w),
-- so each id has exactly one spelling.
create table sync_spaces (
  id text primary key check (id ~ '^[A-Za-z0-9_-]{21}[AQgw]$'),
  -- SHA-256 of the 32-byte access token the device derives from the space key (never the token itself).
  token_hash bytea not null check (octet_length(token_hash) = 32),
  created_at timestamptz not null default now(),
  last_used_at timestamptz not null default now(),
  -- Bytes stored for the space: its updates' bodies and its snapshot's.
  bytes bigint not null default 0 check (bytes >= 0),
  -- The last sequence number given to an update; the next append takes last_seq + 1 under the row's lock, so a
  -- space's updates commit in sequence order and a reader never sees a later one before an earlier one.
  last_seq bigint not null default 0 check (last_seq >= 0),
  -- The updates-per-minute limit: a fixed window starting at its first update, counted across instances.
  rate_window_start timestamptz not null default now(),
  rate_count integer not null default 0 check (rate_count >= 0)
);
create index sync_spaces_last_used_at_idx on sync_spaces (last_used_at);

create table sync_updates (
  space_id text not null references sync_spaces (id) on delete cascade,
  seq bigint not null check (seq > 0),
  body bytea not null check (octet_length(body) > 0),
  created_at timestamptz not null default now(),
  primary key (space_id, seq)
);

-- The latest snapshot only: a newer one replaces it, and the updates it covers are deleted.
create table sync_snapshots (
  space_id text primary key references sync_spaces (id) on delete cascade,
  covers_seq bigint not null check (covers_seq >= 0),
  body bytea not null check (octet_length(body) > 0),
  created_at timestamptz not null default now()
);

-- Ciphertext does not compress: stored out of line without trying.
alter table sync_updates alter column body set storage external;
alter table sync_snapshots alter column body set storage external;

create table sync_devices (
  space_id text not null references sync_spaces (id) on delete cascade,
  device_id text not null check (device_id ~ '^[A-Za-z0-9_-]{21}[AQgw]$'),
  last_seq bigint not null default 0 check (last_seq >= 0),
  last_seen_at timestamptz not null default now(),
  primary key (space_id, device_id)
);

-- Spaces created per client address (its hashed clientKey) in the last hour, for the creation limit; kept apart
-- from the spaces so no space is tied to an address, and pruned after the hour.
create table sync_space_creations (
  client text not null check (client ~ '^[0-9a-f]{64}$'),
  created_at timestamptz not null default now()
);
create index sync_space_creations_client_idx on sync_space_creations (client, created_at);

-- Every instance pushes { space, seq } to the space's subscribers; bodies never travel in a notification. A channel
-- of its own: grove_changes would drop every instance's public cache on each update.
create function grove_notify_sync_update() returns trigger language plpgsql as $$
begin
  perform pg_notify('grove_sync', json_build_object('space', new.space_id, 'seq', new.seq)::text);
  return null;
end
$$;
create trigger sync_updates_notify after insert on sync_updates
  for each row execute function grove_notify_sync_update();
