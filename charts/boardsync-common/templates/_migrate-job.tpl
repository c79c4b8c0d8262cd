{{/*
Before each install and upgrade, and before any new pod starts: apply the service's database
migrations, then create its Kafka topics, with the service's own new image. The servers then run
with MIGRATE_ON_START=false and KAFKA_CREATE_TOPICS=false, so their database role needs no DDL
and their Kafka principal no topic creation. Migrations take a Postgres advisory lock, so a
retried Job and a running replica never apply one twice. Environment inline, and only what each
step reads: a pre-install hook runs before the chart's ConfigMap exists.
*/}}
{{- define "boardsync.migrateJob" -}}
{{- if .Values.migrations.enabled -}}
apiVersion: batch/v1
kind: Job
metadata:
  name: {{ include "boardsync.fullname" . }}-migrate
  namespace: {{ .Release.Namespace }}
  labels:
    {{- include "boardsync.labels" . | nindent 4 }}
    app.kubernetes.io/component: migrate
  annotations:
    helm.sh/hook: pre-install,pre-upgrade
    helm.sh/hook-weight: "0"
    helm.sh/hook-delete-policy: before-hook-creation,hook-succeeded
    {{- include "boardsync.checkovSkips" . | nindent 4 }}
spec:
  backoffLimit: {{ .Values.migrations.backoffLimit }}
  activeDeadlineSeconds: {{ .Values.migrations.activeDeadlineSeconds }}
  ttlSecondsAfterFinished: 86400
  template:
    metadata:
      labels:
        {{- include "boardsync.labels" . | nindent 8 }}
        app.kubernetes.io/component: migrate
      {{- with .Values.migrations.podAnnotations }}
      annotations:
        {{- toYaml . | nindent 8 }}
      {{- end }}
    spec:
      restartPolicy: Never
      {{- include "boardsync.podCommon" . | nindent 6 }}
      initContainers:
        {{- include "boardsync.migrateContainer" (list . "migrate") | nindent 8 }}
      containers:
        {{- include "boardsync.migrateContainer" (list . "create-topics") | nindent 8 }}
{{- end -}}
{{- end -}}

{{/* (list $ "migrate"|"create-topics") → one step of the Job: the service's image, run with that argument */}}
{{- define "boardsync.migrateContainer" -}}
{{- $root := index . 0 -}}
{{- $step := index . 1 -}}
{{- $g := include "boardsync.global" $root | fromYaml -}}
- name: {{ $step }}
  image: {{ include "boardsync.image" $root }}
  imagePullPolicy: {{ $g.image.pullPolicy }}
  args: [{{ $step | quote }}]
  env:
    {{- include "boardsync.stepEnv" (list $root $step) | trim | nindent 4 }}
    {{- with include "boardsync.extraEnv" $root | trim }}
    {{- . | nindent 4 }}
    {{- end }}
  resources:
    {{- toYaml $root.Values.migrations.resources | nindent 4 }}
  securityContext:
    {{- include "boardsync.containerSecurityContext" $root | nindent 4 }}
  volumeMounts:
    - name: tmp
      mountPath: /tmp
    {{- if eq $step "create-topics" }}
    {{- include "boardsync.kafkaMounts" $root | nindent 4 }}
    {{- end }}
    {{- include "boardsync.extraVolumeMounts" $root | nindent 4 }}
{{- end -}}
