{{/*
A service's environment, in two parts: plain settings (its ConfigMap; the migration Job's steps
take the few they read inline, as it runs before the ConfigMap exists) and secrets, which are only ever
references to Secrets the platform team created (the chart never holds a secret value).

A service chart defines "<chart>.env" (a map of its own plain settings, may be empty) and
"<chart>.secretEnv" (a list of {name, secret, key}, may be empty); .Values.config, typed by the
chart's schema, overlays the plain settings last.
*/}}

{{- define "boardsync.plainEnv" -}}
{{- $g := include "boardsync.global" . | fromYaml -}}
{{- $env := dict
  "HOST" "0.0.0.0"
  "PORT" (include "boardsync.httpPort" .)
  "INTERNAL_HOST" "0.0.0.0"
  "INTERNAL_PORT" (include "boardsync.internalPort" .)
  "METRICS_PORT" (include "boardsync.metricsPort" .)
  "LOG_LEVEL" $g.logLevel
  "KAFKA_BROKERS" $g.kafka.brokers
  "KAFKA_NAMESPACE" $g.prefix
  "KAFKA_TOPIC_PARTITIONS" $g.kafka.topicPartitions
  "KAFKA_REPLICATION_FACTOR" $g.kafka.replicationFactor
  "KAFKA_CREATE_TOPICS" "false"
-}}
{{- if .Values.database }}
{{- $_ := set $env "DATABASE_POOL_MAX" .Values.database.poolMax -}}
{{- /* the Job migrates and creates topics; without it, the servers do both themselves */}}
{{- $byJob := .Values.migrations.enabled -}}
{{- $_ := set $env "MIGRATE_ON_START" (ternary "false" "true" $byJob) -}}
{{- $_ := set $env "KAFKA_CREATE_TOPICS" (ternary "false" "true" $byJob) -}}
{{- end }}
{{- /* OpenTelemetry's own variables (docs/operations.md "Traces"): set only when an endpoint is */}}
{{- with $g.tracing.otlpEndpoint }}
{{- $_ := set $env "OTEL_EXPORTER_OTLP_ENDPOINT" . -}}
{{- $_ := set $env "OTEL_SERVICE_NAME" $.Chart.Name -}}
{{- $_ := set $env "OTEL_TRACES_SAMPLER" $g.tracing.sampler -}}
{{- with $g.tracing.samplerArg }}{{ $_ := set $env "OTEL_TRACES_SAMPLER_ARG" . }}{{ end -}}
{{- end }}
{{- $kafka := include "boardsync.kafkaSecurityEnv" . | fromYaml | default dict -}}
{{- $own := include (printf "%s.env" .Chart.Name) . | fromYaml | default dict -}}
{{- $all := mustMergeOverwrite $env $kafka $own (deepCopy (.Values.config | default dict)) -}}
{{- range $name := keys $all | sortAlpha }}
{{- $value := index $all $name }}
{{- /* YAML numbers arrive as float64: 1073741824 would print as 1.073741824e+09 */}}
{{ $name }}: {{ ternary ($value | int64 | toString) ($value | toString) (kindIs "float64" $value) | quote }}
{{- end }}
{{- end -}}

{{/* (list $ forMigration) → [{name, secret, key}] */}}
{{- define "boardsync.secretEnvList" -}}
{{- $root := index . 0 -}}
{{- $g := include "boardsync.global" $root | fromYaml -}}
- { name: INTERNAL_JWT_SECRET, secret: {{ $g.sharedSecret | quote }}, key: INTERNAL_JWT_SECRET }
{{- with $root.Values.database }}
- { name: ADMIN_TOKEN, secret: {{ $g.sharedSecret | quote }}, key: ADMIN_TOKEN }
{{- /* the migration Job may connect as a role that owns the schema, the servers as one that only reads and writes rows */}}
{{- $secret := .secretName }}
{{- if and (index $ 1) .migrationSecretName }}{{ $secret = .migrationSecretName }}{{ end }}
- { name: DATABASE_URL, secret: {{ $secret | quote }}, key: {{ .secretKey | quote }} }
{{- end }}
{{ include (printf "%s.secretEnv" $root.Chart.Name) $root }}
{{- end -}}

{{/* (list $ forMigration) → env: entries reading each secret by reference */}}
{{- define "boardsync.secretEnv" -}}
{{- range $entry := include "boardsync.secretEnvList" . | fromYamlArray }}
- name: {{ $entry.name }}
  valueFrom:
    secretKeyRef:
      name: {{ $entry.secret }}
      key: {{ $entry.key }}
{{- end }}
{{- end -}}

{{/*
(list $ "migrate"|"create-topics") → env: entries of one migration Job step: only what that
command reads (services/kit/src/service-commands.ts), so a step holds no secret it does not use.
*/}}
{{- define "boardsync.stepEnv" -}}
{{- $root := index . 0 -}}
{{- $plain := include "boardsync.plainEnv" $root | fromYaml -}}
{{- $kafka := list "LOG_LEVEL" "KAFKA_BROKERS" "KAFKA_NAMESPACE" "KAFKA_TOPIC_PARTITIONS" "KAFKA_REPLICATION_FACTOR" -}}
{{- $kafka = concat $kafka (keys (include "boardsync.kafkaSecurityEnv" $root | fromYaml | default dict) | sortAlpha) -}}
{{- $names := ternary (list "LOG_LEVEL" "DATABASE_POOL_MAX") $kafka (eq (index . 1) "migrate") -}}
{{- range $name := $names }}
- name: {{ $name }}
  value: {{ index $plain $name | quote }}
{{- end }}
{{- if eq (index . 1) "migrate" }}
{{- range $entry := include "boardsync.secretEnvList" (list $root true) | fromYamlArray }}
{{- if eq $entry.name "DATABASE_URL" }}
- name: DATABASE_URL
  valueFrom:
    secretKeyRef:
      name: {{ $entry.secret }}
      key: {{ $entry.key }}
{{- end }}
{{- end }}
{{- end }}
{{- end -}}
