ALTER TABLE "search_console_keys" DROP CONSTRAINT "search_console_keys_key_id_search_keys_id_fk";
