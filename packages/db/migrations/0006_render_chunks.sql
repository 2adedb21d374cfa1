CREATE TABLE "render_chunks" (
	"render_job_id" uuid NOT NULL,
	"index" integer NOT NULL,
	"frame_start" integer NOT NULL,
	"frame_end" integer NOT NULL,
	"status" text DEFAULT 'queued' NOT NULL,
	"locked_until" timestamp with time zone,
	"progress" double precision DEFAULT 0 NOT NULL,
	"worker" text,
	"engine" text,
	"output_key" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "render_chunks_render_job_id_index_pk" PRIMARY KEY("render_job_id","index")
);
--> statement-breakpoint
ALTER TABLE "render_chunks" ADD CONSTRAINT "render_chunks_render_job_id_render_jobs_id_fk" FOREIGN KEY ("render_job_id") REFERENCES "render_jobs"("id") ON DELETE cascade ON UPDATE no action;