-- Smaller WebP copies of an uploaded image, one per width the pages ask for (decision 077): made when the image is
-- uploaded, or at the first request for an image uploaded before. A copy is never changed, like its image.
create table storage_variants (
  bucket text not null,
  name text not null,
  width integer not null check (width > 0 and width <= 4096),
  -- All three null: the image could not be converted (a file that only starts like an image); its own bytes are
  -- served instead, and no request tries again.
  content_type text check (content_type ~ '^image/[a-z0-9.+-]+$'),
  sha256 text check (sha256 ~ '^[0-9a-f]{64}$'),
  bytes bytea,
  created_at timestamptz not null default now(),
  primary key (bucket, name, width),
  foreign key (bucket, name) references storage_objects (bucket, name) on delete cascade,
  check ((bytes is null) = (sha256 is null) and (bytes is null) = (content_type is null))
);
