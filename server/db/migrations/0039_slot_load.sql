-- A slot's load (server/db/slots.ts) keeps only an address's newest checkout waiting for payment:
-- for each one it looks for a newer one from the same address. Without this index that look read
-- the whole orders table, once per waiting checkout in the slot, inside create-order's slot lock.
create index orders_pending_by_address on orders (client_address, created_at, id)
  where status = 'pending_payment' and client_address is not null;
