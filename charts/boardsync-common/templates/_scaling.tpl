{{- define "boardsync.hpa" -}}
{{- if .Values.autoscaling.enabled -}}
{{- if gt (int .Values.autoscaling.minReplicas) (int .Values.autoscaling.maxReplicas) }}{{ fail (printf "%s.autoscaling: minReplicas (%v) is above maxReplicas (%v)" .Chart.Name .Values.autoscaling.minReplicas .Values.autoscaling.maxReplicas) }}{{ end -}}
apiVersion: autoscaling/v2
kind: HorizontalPodAutoscaler
metadata:
  name: {{ include "boardsync.fullname" . }}
  namespace: {{ .Release.Namespace }}
  labels:
    {{- include "boardsync.labels" . | nindent 4 }}
spec:
  scaleTargetRef:
    apiVersion: apps/v1
    kind: Deployment
    name: {{ include "boardsync.fullname" . }}
  minReplicas: {{ .Values.autoscaling.minReplicas }}
  maxReplicas: {{ .Values.autoscaling.maxReplicas }}
  metrics:
    - type: Resource
      resource:
        name: cpu
        target:
          type: Utilization
          averageUtilization: {{ .Values.autoscaling.targetCPUUtilizationPercentage }}
    {{- with .Values.autoscaling.kafkaLag }}
    {{- if .enabled }}
    {{- $g := include "boardsync.global" $ | fromYaml }}
    {{- /* an external metric (e.g. kafka_consumergroup_lag from a Kafka exporter through the Prometheus adapter), summed over the group: AverageValue divides it by the replicas */}}
    - type: External
      external:
        metric:
          name: {{ .metricName }}
          selector:
            matchLabels:
              {{ .groupLabel }}: {{ printf "%s%s" (ternary "" (printf "%s." $g.prefix) (empty $g.prefix)) .consumerGroup | quote }}
        target:
          type: AverageValue
          averageValue: {{ .targetLagPerReplica | quote }}
    {{- end }}
    {{- end }}
    {{- with .Values.autoscaling.deliveryBacklog }}
    {{- if .enabled }}
    {{- /* the age of the oldest due delivery no pod holds (boardsync_webhook_delivery_oldest_due_seconds, the same from every pod: the adapter's rule takes the max), through a metrics adapter: with a Value target the HPA adds pods in proportion to how far it is above target; slow receivers cost no CPU, so CPU alone never sees this */}}
    - type: External
      external:
        metric:
          name: {{ .metricName }}
          {{- with .selector }}
          selector:
            matchLabels:
              {{- toYaml . | nindent 14 }}
          {{- end }}
        target:
          type: Value
          value: {{ .targetSeconds | quote }}
    {{- end }}
    {{- end }}
    {{- with .Values.autoscaling.sendSlots }}
    {{- if .enabled }}
    {{- /* each pod's share of its send slots in use (boardsync_webhook_send_slots_busy_ratio), a Pods metric through a metrics adapter */}}
    - type: Pods
      pods:
        metric:
          name: {{ .metricName }}
        target:
          type: AverageValue
          averageValue: {{ .targetRatio | quote }}
    {{- end }}
    {{- end }}
  behavior:
    scaleDown:
      stabilizationWindowSeconds: {{ .Values.autoscaling.scaleDownStabilizationSeconds }}
{{- end -}}
{{- end -}}

{{- define "boardsync.pdb" -}}
{{- if .Values.podDisruptionBudget.enabled -}}
apiVersion: policy/v1
kind: PodDisruptionBudget
metadata:
  name: {{ include "boardsync.fullname" . }}
  namespace: {{ .Release.Namespace }}
  labels:
    {{- include "boardsync.labels" . | nindent 4 }}
spec:
  maxUnavailable: {{ .Values.podDisruptionBudget.maxUnavailable }}
  selector:
    matchLabels:
      {{- include "boardsync.selectorLabels" (list . "server") | nindent 6 }}
{{- end -}}
{{- end -}}
