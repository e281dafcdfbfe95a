CREATE TABLE "agent_scope_members" (
	"agent_id" text NOT NULL,
	"scope" text NOT NULL,
	"department_id" text,
	"user_id" text,
	CONSTRAINT "agent_scope_members_scope_check" CHECK ("agent_scope_members"."scope" in ('read', 'manage')),
	CONSTRAINT "agent_scope_members_one_subject_check" CHECK (("agent_scope_members"."department_id" is null) <> ("agent_scope_members"."user_id" is null))
);
--> statement-breakpoint
CREATE TABLE "agents" (
	"id" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"system_prompt" text DEFAULT '' NOT NULL,
	"model" text DEFAULT 'inherit' NOT NULL,
	"skills" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"preload_skills" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"tools" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"mcp_servers" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"subagents" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"bound_skill_id" text,
	"builtin_key" text,
	"owner_id" text,
	"read_scope" text DEFAULT 'users' NOT NULL,
	"manage_scope" text DEFAULT 'users' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "agents_builtin_key_unique" UNIQUE("builtin_key"),
	CONSTRAINT "agents_read_scope_check" CHECK ("agents"."read_scope" in ('global', 'departments', 'users')),
	CONSTRAINT "agents_manage_scope_check" CHECK ("agents"."manage_scope" in ('global', 'departments', 'users'))
);
--> statement-breakpoint
CREATE TABLE "model_providers" (
	"id" text PRIMARY KEY NOT NULL,
	"protocol" text NOT NULL,
	"base_url" text,
	"models" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"default_model" text NOT NULL,
	"fast_model" text,
	"api_key_env" text,
	"api_key_ciphertext" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "model_providers_protocol_check" CHECK ("model_providers"."protocol" in ('openai', 'anthropic')),
	CONSTRAINT "model_providers_one_key_source_check" CHECK ("model_providers"."api_key_env" is null or "model_providers"."api_key_ciphertext" is null)
);
--> statement-breakpoint
ALTER TABLE "agent_scope_members" ADD CONSTRAINT "agent_scope_members_agent_id_agents_id_fk" FOREIGN KEY ("agent_id") REFERENCES "public"."agents"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "agent_scope_members" ADD CONSTRAINT "agent_scope_members_department_id_departments_id_fk" FOREIGN KEY ("department_id") REFERENCES "public"."departments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "agent_scope_members" ADD CONSTRAINT "agent_scope_members_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "agents" ADD CONSTRAINT "agents_bound_skill_id_skills_id_fk" FOREIGN KEY ("bound_skill_id") REFERENCES "public"."skills"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "agents" ADD CONSTRAINT "agents_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "agent_scope_members_department_idx" ON "agent_scope_members" USING btree ("agent_id","scope","department_id") WHERE "agent_scope_members"."department_id" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "agent_scope_members_user_idx" ON "agent_scope_members" USING btree ("agent_id","scope","user_id") WHERE "agent_scope_members"."user_id" is not null;--> statement-breakpoint
CREATE INDEX "agent_scope_members_by_department_idx" ON "agent_scope_members" USING btree ("department_id");--> statement-breakpoint
CREATE INDEX "agent_scope_members_by_user_idx" ON "agent_scope_members" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "agents_owner_idx" ON "agents" USING btree ("owner_id");