CREATE TABLE "bound_skill_versions" (
	"skill_id" text NOT NULL,
	"name" text NOT NULL,
	"revision" text NOT NULL,
	"note" text DEFAULT '' NOT NULL,
	"created_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "bound_skill_versions_skill_id_name_pk" PRIMARY KEY("skill_id","name")
);
--> statement-breakpoint
ALTER TABLE "bound_skill_versions" ADD CONSTRAINT "bound_skill_versions_skill_id_skills_id_fk" FOREIGN KEY ("skill_id") REFERENCES "public"."skills"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bound_skill_versions" ADD CONSTRAINT "bound_skill_versions_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "bound_skill_versions_revision_idx" ON "bound_skill_versions" USING btree ("revision");--> statement-breakpoint
CREATE UNIQUE INDEX "skills_agent_bound_idx" ON "skills" USING btree ("agent_id") WHERE "skills"."kind" = 'agent-bound';