{{/*
What every boardsync pod shares, server or migration Job: a non-root user, a read-only root,
no privilege escalation, no capabilities, the runtime's seccomp profile, no service-account
token (no service talks to the Kubernetes API), and /tmp as the one writable place.
*/}}

{{- define "boardsync.podSecurityContext" -}}
{{- $g := include "boardsync.global" . | fromYaml -}}
runAsNonRoot: true
runAsUser: {{ $g.podSecurity.uid }}
runAsGroup: {{ $g.podSecurity.uid }}
fsGroup: {{ $g.podSecurity.uid }}
seccompProfile:
  type: RuntimeDefault
{{- end -}}

{{- define "boardsync.containerSecurityContext" -}}
allowPrivilegeEscalation: false
readOnlyRootFilesystem: true
privileged: false
runAsNonRoot: true
capabilities:
  drop: [ALL]
{{- end -}}

{{- define "boardsync.podCommon" -}}
{{- $g := include "boardsync.global" . | fromYaml -}}
automountServiceAccountToken: false
securityContext:
  {{- include "boardsync.podSecurityContext" . | nindent 2 }}
{{- with $g.imagePullSecrets }}
imagePullSecrets:
  {{- toYaml . | nindent 2 }}
{{- end }}
{{- with .Values.nodeSelector }}
nodeSelector:
  {{- toYaml . | nindent 2 }}
{{- end }}
{{- with .Values.tolerations }}
tolerations:
  {{- toYaml . | nindent 2 }}
{{- end }}
volumes:
  - name: tmp
    emptyDir:
      sizeLimit: {{ .Values.tmpSizeLimit }}
  {{- include "boardsync.kafkaVolumes" . | nindent 2 }}
  {{- include "boardsync.extraVolumes" . | nindent 2 }}
{{- end -}}

{{/*
checkov's exceptions, where they apply, with the reason on the object itself:
- CKV_K8S_35 (secrets as files): the services read their settings, secrets included, from the
  environment and validate them at start (services/kit config); values come from secretKeyRef only,
  never from values or a ConfigMap, and no service spawns processes that would inherit them.
- CKV_K8S_43 (image digest): only while no image.digest is set; the examples cannot know the
  digests of images your CI builds. Set image.digest per service in production.
*/}}
{{- define "boardsync.checkovSkips" -}}
checkov.io/skip1: CKV_K8S_35=services read secrets from the environment, filled only by secretKeyRef
{{- if not .Values.image.digest }}
checkov.io/skip2: CKV_K8S_43=no image.digest set for this service; set one per release in production
{{- end }}
{{- end -}}
