CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
CREATE TABLE "taxa" (
	"id" varchar(120) PRIMARY KEY NOT NULL,
	"scientific_name" varchar(300) NOT NULL,
	"rank" varchar(40) NOT NULL,
	"kingdom" varchar(120),
	"phylum" varchar(120),
	"class" varchar(120),
	"order" varchar(120),
	"family" varchar(120),
	"genus" varchar(120),
	"source" varchar(40) NOT NULL,
	"source_id" varchar(100) NOT NULL,
	"accepted_id" varchar(120),
	"scientific_key" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "taxon_names" (
	"taxon_id" varchar(120) NOT NULL,
	"language" varchar(10) NOT NULL,
	"name" varchar(300) NOT NULL,
	"preferred" boolean DEFAULT false NOT NULL,
	"name_key" text NOT NULL,
	CONSTRAINT "taxon_names_taxon_id_language_name_key_pk" PRIMARY KEY("taxon_id","language","name_key")
);
--> statement-breakpoint
CREATE TABLE "taxon_sources" (
	"source" varchar(40) PRIMARY KEY NOT NULL,
	"version" varchar(100) NOT NULL,
	"taxa" integer NOT NULL,
	"loaded_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "logs" ADD COLUMN "taxon_id" varchar(120);--> statement-breakpoint
ALTER TABLE "taxon_names" ADD CONSTRAINT "taxon_names_taxon_id_taxa_id_fk" FOREIGN KEY ("taxon_id") REFERENCES "public"."taxa"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "taxa_scientific_key_idx" ON "taxa" USING btree ("scientific_key" text_pattern_ops);--> statement-breakpoint
CREATE INDEX "taxa_scientific_key_trgm_idx" ON "taxa" USING gin ("scientific_key" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "taxon_names_key_idx" ON "taxon_names" USING btree ("name_key" text_pattern_ops);--> statement-breakpoint
CREATE INDEX "taxon_names_key_trgm_idx" ON "taxon_names" USING gin ("name_key" gin_trgm_ops);--> statement-breakpoint
ALTER TABLE "logs" ADD CONSTRAINT "logs_taxon_id_taxa_id_fk" FOREIGN KEY ("taxon_id") REFERENCES "public"."taxa"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "logs_user_taxon_idx" ON "logs" USING btree ("user_id","taxon_id");