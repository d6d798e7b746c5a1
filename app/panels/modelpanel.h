// SPDX-License-Identifier: MIT
// Model panel: the catalogue picker (type to search by name or id), import of a config.json,
// a model.safetensors.index.json or a folder holding them, the weight format for all
// quantizable groups, per-group overrides (e.g. routed experts MXFP4, attention BF16), and the
// KV-cache and recurrent-state formats.
#pragma once

#include "panels/inputpanel.h"
#include "model/modelspec.h"
#include "util/result.h"

#include <QList>
#include <QPair>

#include <atomic>
#include <functional>
#include <memory>
#include <utility>

class QComboBox;
class QFormLayout;
class QLabel;
class QProgressDialog;
class QThread;

namespace hostplan::ui {

class ModelPanel : public InputPanel {
    Q_OBJECT
  public:
    explicit ModelPanel(ScenarioDocument *doc, QWidget *parent = nullptr);
    /// Stops a running import (sets its cancel flag) and waits for its thread.
    ~ModelPanel() override;

    QComboBox *modelCombo() const { return m_model; }
    QComboBox *weightsCombo() const { return m_weights; }
    QComboBox *kvCombo() const { return m_kv; }
    QComboBox *stateCombo() const { return m_state; }
    /// The per-group format combo for `role`, or nullptr when the model has no such group.
    QComboBox *groupCombo(GroupRole role) const;

    /// Import a model from a config.json, an index, a folder or a Hugging Face Hub id
    /// ("org/name[@rev]" naming no file: the local Hub cache, else the network through the
    /// fetcher main.cpp installs) as one undoable edit that also
    /// sets the GPU count and layout to auto and the API to the model's own. On error
    /// returns the message (and shows it in the panel); the scenario is unchanged.
    /// Reads the files on the calling thread (tests, scripts); the GUI uses startImport().
    QString importPath(const QString &path);
    /// The same import with the files read on a worker thread (importModelPath with progress
    /// and cancel), so that the window stays responsive: a progress dialog (files read of
    /// total, Cancel) shows when the import lasts over kProgressDelayMs, and the result is
    /// applied on the GUI thread exactly as importPath() does. Emits importProgress while it
    /// reads and importFinished at the end. False (nothing started) while another import runs.
    bool startImport(const QString &path);
    /// Whether a scenario naming model `ref` would fetch it over the network when evaluated:
    /// a Hub id (naming no file) that neither the document's model cache nor the local Hugging
    /// Face cache holds, with a fetcher installed.
    bool needsNetworkFetch(const std::string &ref) const;
    /// Reads model `ref` (a Hub id, typically) on a worker thread with the same progress
    /// dialog and Cancel as startImport(), keeps the result (or the error) in the document's
    /// model cache for `ref`, then calls `then(cancelled)` on the GUI thread; the scenario is
    /// not edited. Used when a scenario file whose model must be fetched is opened. False
    /// (nothing started, `then` not called) while another import runs.
    bool fetchModelThen(const std::string &ref, std::function<void(bool cancelled)> then);
    /// Asks for a Hugging Face Hub id ("org/name[@revision]") and starts its import
    /// (startImport): the local Hub cache, else the Hub over the network.
    void askHubImport();
    /// The running import's progress dialog (nullptr when none runs).
    QProgressDialog *importDialog() const { return m_importDialog; }
    /// How long an import runs before its progress dialog shows, in milliseconds.
    static constexpr int kProgressDelayMs = 400;
    /// Called on the worker thread of each later startImport() after each file it reads
    /// (`done` of `total`, the counts importProgress then carries), before it looks at the
    /// cancel flag and reads the next file; empty by default. Lets a test hold the worker at a
    /// known file until the GUI thread has acted (e.g. pressed Cancel).
    void setImportWorkerHook(std::function<void(int done, int total)> hook) {
        m_importWorkerHook = std::move(hook);
    }

  signals:
    /// startImport() has read `done` of `total` files (done never decreases).
    void importProgress(int done, int total);
    /// startImport() ended: `error` is "" when the model was imported, importPath()'s message
    /// when it failed; `cancelled` when the user cancelled (scenario and undo stack unchanged).
    void importFinished(const QString &path, const QString &error, bool cancelled);

  private:
    /// Runs importModelPath(ref) on a worker thread with a progress dialog showing `label`
    /// (after kProgressDelayMs) and a Cancel, then calls `done(cancelled, result)` on the GUI
    /// thread (the result's error names model.ref, as resolveModel()'s). False while another
    /// import runs.
    bool runImport(const std::string &ref, const QString &label,
                   std::function<void(bool cancelled, const Result<ModelSpec> &)> done);
    /// The progress dialog's text while a Hub id is read (the local cache, else the network).
    static QString hubReadingLabel(const std::string &hubId);
    /// Apply an import result (resolveModel()'s shape) as importPath() describes.
    QString applyImport(const QString &path, const Result<ModelSpec> &model);
    void sync() override;
    void rebuildGroupRows(const std::vector<GroupRole> &roles);
    void askImportFile();
    void askImportFolder();

    QComboBox *m_model;
    QLabel *m_info;
    QComboBox *m_weights;
    QFormLayout *m_groupForm;
    QList<QPair<GroupRole, QComboBox *>> m_groupCombos;
    std::vector<GroupRole> m_roles;
    QComboBox *m_kv;
    QComboBox *m_state;
    QThread *m_importThread = nullptr;
    QProgressDialog *m_importDialog = nullptr;
    std::shared_ptr<std::atomic<bool>> m_importCancel;
    std::function<void(int, int)> m_importWorkerHook;
};

} // namespace hostplan::ui
